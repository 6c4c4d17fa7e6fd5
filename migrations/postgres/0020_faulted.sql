-- Whether a game's rules failed (panicked) on it: it then takes no turn but a service key's
-- end outside its rules. Set once, never cleared; no game made before was marked.
ALTER TABLE games ADD COLUMN faulted BOOLEAN NOT NULL DEFAULT FALSE;
