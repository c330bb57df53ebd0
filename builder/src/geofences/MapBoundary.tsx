import { Component, type ReactNode } from "react";

interface Props {
  /** Told once when the map fails (its code did not load, or Leaflet threw): the editor shows its note. */
  onError(): void;
  children: ReactNode;
}

/**
 * Keeps the geofence editor usable when the map itself fails, as when its chunk cannot be fetched after a
 * deploy or offline: the map is left out and the latitude, longitude and radius fields still work.
 */
export class MapBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    this.props.onError();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
