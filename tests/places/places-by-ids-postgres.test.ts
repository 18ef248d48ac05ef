// The batch read of places again, with the places on PostgreSQL + PostGIS and reads on a streaming replica.
import { setPlacesBackend } from './support/places-server';

setPlacesBackend('postgres');
await import('./places-by-ids.test');
