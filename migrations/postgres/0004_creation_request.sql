-- Creation request ids are unique across games: a retried CreateGame finds the game the
-- first request made, and two racing creations with one id make one game.
CREATE UNIQUE INDEX events_creation_request ON events (request_id) WHERE seq = 1;
