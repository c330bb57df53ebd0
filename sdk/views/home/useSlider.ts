import { type PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from "react";
import { type Actor, createActor, type SnapshotFrom } from "xstate";
import {
  SLIDER_DEFAULTS,
  type SliderEvent,
  type SliderMachine,
  sliderMachine,
} from "../../../machines/slider.ts";

/**
 * Runs the slider machine for a mounted slider. The actor lives in an effect (created on mount, stopped on
 * unmount) so a removed widget leaves no timer behind and StrictMode's double mount gets a fresh actor.
 *
 * `track` holds the pointer handlers of the slide track. The pointer is captured only once a gesture has
 * moved over the drag threshold (10 px): capturing it at once would send the click of a plain press to the
 * track instead of the slide's link, so a mouse click opened nothing. After a drag over 10 px the machine
 * refuses the click wherever it lands. `hideHint` hides the hint (first mouse-over, or a touch on the
 * track, which never gets a mouse-over) and tells `onHintHidden` once, so the surface can remember it.
 */
export function useSlider(
  count: number,
  auto: boolean,
  openLink: (url: string) => void,
  hint = true,
  onHintHidden?: () => void,
) {
  const actorRef = useRef<Actor<SliderMachine> | null>(null);
  const openRef = useRef(openLink);
  openRef.current = openLink;
  const startX = useRef<number | null>(null);
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
  const showsHint = snapshot?.context.hint ?? hint;
  const hideHint = () => {
    if (!actorRef.current?.getSnapshot().context.hint) return;
    send({ type: "hint.hide" });
    onHintHidden?.();
  };
  const end = (e: ReactPointerEvent<Element>) => {
    if (startX.current === null) return;
    startX.current = null;
    send({ type: "drag.end", x: e.clientX });
  };
  const track = {
    onPointerDown: (e: ReactPointerEvent<Element>) => {
      if (e.pointerType !== "mouse") hideHint();
      startX.current = e.clientX;
      send({ type: "drag.start", x: e.clientX });
    },
    onPointerMove: (e: ReactPointerEvent<Element>) => {
      if (startX.current === null) return;
      send({ type: "drag.move", x: e.clientX });
      const el = e.currentTarget as Element;
      if (
        Math.abs(e.clientX - startX.current) > SLIDER_DEFAULTS.dragPx &&
        !el.hasPointerCapture?.(e.pointerId)
      )
        el.setPointerCapture?.(e.pointerId);
    },
    onPointerUp: end,
    onPointerCancel: end,
  };
  return {
    index: snapshot?.context.index ?? 0,
    dragDx: snapshot?.context.dragDx ?? 0,
    dragging: snapshot?.value === "dragging",
    hint: showsHint,
    send,
    track,
    hideHint,
  };
}
