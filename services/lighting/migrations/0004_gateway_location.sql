-- Where a gateway stands on the map (the console's map page, `/device/device/location`):
-- both coordinates or neither, in degrees (WGS 84, as Leaflet and OpenStreetMap tiles use).
ALTER TABLE lighting.gateways
    ADD COLUMN longitude DOUBLE PRECISION,
    ADD COLUMN latitude  DOUBLE PRECISION,
    ADD CONSTRAINT gateways_longitude_range CHECK (longitude BETWEEN -180 AND 180),
    ADD CONSTRAINT gateways_latitude_range CHECK (latitude BETWEEN -90 AND 90),
    ADD CONSTRAINT gateways_location_pair CHECK ((longitude IS NULL) = (latitude IS NULL));

-- Viewport queries: one project's located gateways in a longitude range, the latitude read
-- from the index too; with the included columns (the clusters' order and the name filter)
-- a cluster count (GROUP BY cell) can be answered from the index alone.
CREATE INDEX gateways_location_idx ON lighting.gateways (project_id, longitude, latitude)
    INCLUDE (gateway_id, gateway_name) WHERE NOT deleted AND longitude IS NOT NULL;
