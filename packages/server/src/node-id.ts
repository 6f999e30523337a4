/**
 * A cluster node's id (NODE_ID): 1 to 32 of a-z, 0-9 and "-", not "-" first. The server checks its own at start
 * (config.ts); the web client checks the node a `route` push names before it asks the entry for `?node=` with it.
 * A module of its own, without imports, so that the web client's bundle takes nothing else of the server.
 */
export const NODE_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,31}$/;
