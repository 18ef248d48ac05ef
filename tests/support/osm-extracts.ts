import path from 'node:path';

/** West Oakland, shipped by Debian's python-osmnx-doc (scripts/test.sh installs it): 66 ways, 446 nodes. */
export const WEST_OAKLAND = '/usr/share/doc/python-osmnx-doc/examples/tests/input_data/West-Oakland.osm.bz2';
/** Vancouver in 2015 (../shared/osm/README.md): 52,072 ways, of which 582 lack some of their nodes. */
export const VANCOUVER = path.resolve('../shared/osm/vancouver_canada.osm.pbf');
