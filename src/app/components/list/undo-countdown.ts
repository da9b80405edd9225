import { useNotification } from "@refinedev/core";
import { useCallback } from "react";
import { UNDO_MS } from "../../../domain/constants";

interface Countdown {
  /** The notification's key: one per kind of bulk action and resource. */
  key: string;
  /** What is about to happen, with the seconds left to call it off. */
  message: (seconds: number) => string;
  /** The window has passed without an undo: now do it. */
  onElapsed: () => void;
  /** Undo was pressed: nothing was sent. */
  onUndo: () => void;
}

/**
 * Holds a bulk action back for UNDO_MS under Refine's undoable notification (its "progress" type,
 * opened again each second with the seconds left, as Refine's own undoable mutations do), whose
 * Undo calls it off. Refine's undoable mode would do this for one mutation with one outcome; a bulk
 * action wants its own outcome per row.
 */
export function useUndoCountdown() {
  const { open, close } = useNotification();
  return useCallback(
    ({ key, message, onElapsed, onUndo }: Countdown) => {
      let left = Math.round(UNDO_MS / 1000);
      const notify = () =>
        open?.({
          key,
          type: "progress",
          message: message(left),
          undoableTimeout: left,
          cancelMutation: () => {
            clearInterval(timer);
            onUndo();
          },
        });
      notify();
      const timer = setInterval(() => {
        left -= 1;
        if (left > 0) return notify();
        clearInterval(timer);
        close?.(key);
        onElapsed();
      }, 1000);
    },
    [open, close],
  );
}
