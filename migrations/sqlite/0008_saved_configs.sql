-- Configurations a service key saved under names of its own (the owner is the key's public
-- name, empty on a server without keys). `config` and `clock` are JSON as in `games`.
CREATE TABLE saved_configs (
    owner TEXT NOT NULL,
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    config TEXT NOT NULL,
    clock TEXT,
    created_us BIGINT NOT NULL,
    updated_us BIGINT NOT NULL,
    PRIMARY KEY (owner, name)
);
