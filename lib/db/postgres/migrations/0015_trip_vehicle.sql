-- Up Migration
-- A trip's vehicle (issue 37): a preset by its name alone ({"preset":"class-a"}), so a preset's figures can be
-- corrected later, or a custom rig's figures; null on trips saved before, which read as a car. Each person may keep
-- a default rig their new trips start with.
ALTER TABLE trips ADD COLUMN vehicle jsonb;

CREATE TABLE trip_default_vehicles (
  owner_id text PRIMARY KEY,
  vehicle jsonb NOT NULL,
  updated_at timestamptz NOT NULL
);

-- Down Migration
DROP TABLE trip_default_vehicles;
ALTER TABLE trips DROP COLUMN vehicle;
