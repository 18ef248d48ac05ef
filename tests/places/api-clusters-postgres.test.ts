// The cluster aggregate's HTTP suite again, with the places on PostgreSQL + PostGIS and reads on a streaming replica.
import { setPlacesBackend } from './support/places-server';

setPlacesBackend('postgres');
await import('./api-clusters.test');
