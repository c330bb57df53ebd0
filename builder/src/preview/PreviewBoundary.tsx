import { Component, type ReactNode } from "react";

interface Props {
  /** Changes with the draft, so the next edit tries to render again. */
  resetKey: unknown;
  children: ReactNode;
}

/**
 * Keeps the editor alive when the preview throws on a half-typed draft: the failure shows inside the
 * phone and the next edit renders again, so no work is lost to a blank page.
 */
export class PreviewBoundary extends Component<Props, { error: Error | null; key: unknown }> {
  override state = { error: null as Error | null, key: this.props.resetKey };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: Error | null; key: unknown }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override render() {
    if (this.state.error)
      return (
        <div role="alert" style={{ padding: 16, fontFamily: "system-ui", color: "#8a1c1c" }}>
          The preview cannot show this draft yet: {this.state.error.message}
        </div>
      );
    return this.props.children;
  }
}
