// The Place API's HTTP suite again, with the places on PostgreSQL + PostGIS and reads on a streaming replica.
import { usePlacesBackend } from './support/places-server';

usePlacesBackend('postgres');
await import('./api.test');
