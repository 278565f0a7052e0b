/** Resolves in a task of its own: whatever runs after it lets the browser paint and answer input first. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
