-- A digest of the whole request behind each event, so that a request id reused with a
-- different request can be refused. Events written before have none.
ALTER TABLE events ADD COLUMN request_digest TEXT;
