// The Place API's HTTP suite again, with the places on PostgreSQL + PostGIS and reads on a streaming replica.
import { setPlacesBackend } from './support/places-server';

setPlacesBackend('postgres');
await import('./api.test');
await import('./api-route.test');
