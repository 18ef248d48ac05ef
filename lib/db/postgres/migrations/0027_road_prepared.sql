-- Up Migration
-- What the road router prepares from a network (its contraction hierarchy, issue 52), kept where every instance finds
-- it: the bytes of lib/roads/router/ch/hierarchy-file.ts's format in parts of a few MiB (a bytea holds at most 1 GB,
-- a country's hierarchy is several), and a head row written in the same transaction as the parts, so a reader sees
-- all of them or none. They go with their network.
CREATE TABLE road_prepared (
  network_id bigint NOT NULL REFERENCES road_networks (id) ON DELETE CASCADE,
  name text NOT NULL,
  prepared_for text NOT NULL,
  parts integer NOT NULL,
  bytes bigint NOT NULL,
  PRIMARY KEY (network_id, name)
);

CREATE TABLE road_prepared_parts (
  network_id bigint NOT NULL,
  name text NOT NULL,
  part integer NOT NULL,
  bytes bytea NOT NULL,
  PRIMARY KEY (network_id, name, part),
  FOREIGN KEY (network_id, name) REFERENCES road_prepared (network_id, name) ON DELETE CASCADE
);

-- Down Migration
DROP TABLE road_prepared_parts;
DROP TABLE road_prepared;
