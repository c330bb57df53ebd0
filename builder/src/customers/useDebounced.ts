import { useEffect, useState } from "react";

/** A value typed into a box, settled once it has not changed for `ms` (the searches of Customers and Leads). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}
