/** Test helper: counts turns of the event loop (a setImmediate that re-arms itself), with no clock involved. */
export function turnCounter(): { stop: () => number } {
  let turns = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  return {
    stop: () => {
      running = false;
      return turns;
    },
  };
}
