import { useEffect, useRef, useState } from "react";
import { type Actor, createActor, type SnapshotFrom } from "xstate";
import { type SliderEvent, type SliderMachine, sliderMachine } from "../../../machines/slider.ts";

/**
 * Runs the slider machine for a mounted slider. The actor lives in an effect (created on mount, stopped on
 * unmount) so a removed widget leaves no timer behind and StrictMode's double mount gets a fresh actor.
 */
export function useSlider(count: number, auto: boolean, openLink: (url: string) => void, hint = true) {
  const actorRef = useRef<Actor<SliderMachine> | null>(null);
  const openRef = useRef(openLink);
  openRef.current = openLink;
  const [snapshot, setSnapshot] = useState<SnapshotFrom<SliderMachine> | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the count goes in as an event (below); a new actor only when auto-slide is switched
  useEffect(() => {
    const actor = createActor(
      sliderMachine.provide({ actions: { openLink: (_, params) => openRef.current(params.path) } }),
      { input: { count, auto, hint } },
    );
    actorRef.current = actor;
    const sub = actor.subscribe(setSnapshot);
    actor.start();
    setSnapshot(actor.getSnapshot());
    return () => {
      sub.unsubscribe();
      actor.stop();
      actorRef.current = null;
    };
  }, [auto]);
  useEffect(() => {
    actorRef.current?.send({ type: "slides.changed", count });
  }, [count]);
  const send = (event: SliderEvent) => actorRef.current?.send(event);
  return {
    index: snapshot?.context.index ?? 0,
    dragDx: snapshot?.context.dragDx ?? 0,
    dragging: snapshot?.value === "dragging",
    hint: snapshot?.context.hint ?? true,
    send,
  };
}
