/**
 * Resolves in a task of its own: whatever runs after it lets the browser paint and answer input
 * first. A message, not a timer: a tab opened in the background clamps timers to a second each.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
