// Vitest runs outside Next's react-server graph, where "server-only" would throw on import.
export {};
