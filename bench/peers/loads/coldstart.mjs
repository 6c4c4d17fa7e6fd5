// Load 4, cold start: from spawning the server to the answer of the first move of the
// first game (connecting, creating the game, moving), on a server started for it alone.

export async function measureColdStart({ system, server, variant }) {
  const driver = await system.connect(server.address, variant);
  const game = await driver.createGame();
  await driver.move(game, 1, 0);
  const elapsed = performance.now() - server.startedAt;
  await driver.closeGame(game);
  driver.close();
  return { 'ms to first move': elapsed };
}
