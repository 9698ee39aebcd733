// The game's clock on screen: the server keeps the time (paused while the page is
// hidden); the page counts the seconds between two answers itself.

function text(seconds) {
  const whole = Math.floor(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

/** Show a clock in an element; set() it from each view's {elapsed, state}. */
export function startClock(element) {
  let elapsed = 0;
  let since = performance.now();
  let running = false;
  const tick = () => {
    const seconds = elapsed + (running ? (performance.now() - since) / 1000 : 0);
    element.textContent = text(seconds);
  };
  setInterval(tick, 500);
  return {
    set(clock) {
      elapsed = clock ? clock.elapsed : 0;
      running = Boolean(clock) && clock.state === "running";
      since = performance.now();
      tick();
    },
    pause() {
      elapsed += running ? (performance.now() - since) / 1000 : 0;
      running = false;
      tick();
    },
    running: () => running,
  };
}
