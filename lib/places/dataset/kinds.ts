/** Kinds of place the generator makes: each brings its tags, chains, name patterns and opening habits. */
export type HoursStyle = 'always' | 'meals' | 'day' | 'retail' | 'evening';

export interface Kind {
  key: string;
  label: string;
  weight: number;
  tags: string[];
  extraTags: string[];
  chains: string[];
  nouns: string[];
  hours: HoursStyle;
  /** Probability that a place of this kind is an RV service provider. */
  rv: number;
}

export const KINDS: Kind[] = [
  { key: 'restaurant', label: 'Restaurant', weight: 14, tags: ['restaurants'], extraTags: ['points-of-interest', 'breweries'], chains: ['cracker-barrel'], nouns: ['Diner', 'Grill', 'Bistro', 'Kitchen', 'Smokehouse', 'Taqueria'], hours: 'meals', rv: 0 },
  { key: 'cafe', label: 'Café', weight: 6, tags: ['cafes'], extraTags: ['restaurants'], chains: ['starbucks'], nouns: ['Café', 'Coffee House', 'Bakery', 'Espresso Bar'], hours: 'day', rv: 0 },
  { key: 'lodging', label: 'Lodging', weight: 8, tags: ['lodging'], extraTags: ['points-of-interest'], chains: ['best-western', 'holiday-inn'], nouns: ['Inn', 'Lodge', 'Motel', 'Hotel', 'Cabins'], hours: 'always', rv: 0 },
  { key: 'campground', label: 'Campground', weight: 8, tags: ['campgrounds'], extraTags: ['hiking', 'fishing', 'dump-stations'], chains: ['koa', 'thousand-trails', 'jellystone-park'], nouns: ['Campground', 'Camp', 'Family Campground'], hours: 'always', rv: 0.08 },
  { key: 'rv-park', label: 'RV Park', weight: 6, tags: ['rv-parks'], extraTags: ['campgrounds', 'dump-stations', 'propane'], chains: ['good-sam', 'koa', 'thousand-trails'], nouns: ['RV Park', 'RV Resort', 'Motorcoach Resort'], hours: 'always', rv: 0.1 },
  { key: 'museum', label: 'Museum', weight: 5, tags: ['museums', 'attractions'], extraTags: ['historic-sites', 'points-of-interest'], chains: [], nouns: ['Museum', 'Heritage Center', 'Gallery'], hours: 'day', rv: 0 },
  { key: 'park', label: 'Park', weight: 8, tags: ['parks'], extraTags: ['hiking', 'points-of-interest', 'fishing', 'national-parks'], chains: [], nouns: ['Park', 'State Park', 'Nature Preserve', 'Regional Park'], hours: 'always', rv: 0 },
  { key: 'beach', label: 'Beach', weight: 2, tags: ['beaches'], extraTags: ['parks', 'fishing'], chains: [], nouns: ['Beach', 'Shore', 'Cove'], hours: 'always', rv: 0 },
  { key: 'viewpoint', label: 'Scenic viewpoint', weight: 4, tags: ['viewpoints', 'points-of-interest'], extraTags: ['attractions', 'hiking'], chains: [], nouns: ['Overlook', 'Vista Point', 'Lookout'], hours: 'always', rv: 0 },
  { key: 'gas-station', label: 'Gas station', weight: 7, tags: ['gas-stations'], extraTags: ['propane', 'ev-charging', 'dump-stations'], chains: ['loves', 'pilot-flying-j', 'shell'], nouns: ['Fuel Stop', 'Travel Center', 'Gas & Go'], hours: 'always', rv: 0.03 },
  { key: 'ev-charging', label: 'EV charging', weight: 2, tags: ['ev-charging'], extraTags: ['points-of-interest'], chains: [], nouns: ['Charging Hub', 'EV Station'], hours: 'always', rv: 0 },
  { key: 'rest-area', label: 'Rest area', weight: 2, tags: ['rest-areas'], extraTags: ['dump-stations', 'viewpoints'], chains: [], nouns: ['Rest Area', 'Travel Plaza'], hours: 'always', rv: 0 },
  { key: 'shopping', label: 'Shopping', weight: 5, tags: ['shopping'], extraTags: ['groceries'], chains: ['walmart'], nouns: ['Outfitters', 'Market Hall', 'Trading Post', 'Mercantile'], hours: 'retail', rv: 0 },
  { key: 'grocery', label: 'Grocery', weight: 4, tags: ['groceries'], extraTags: ['shopping'], chains: ['walmart'], nouns: ['Grocery', 'Market', 'Food Co-op'], hours: 'retail', rv: 0 },
  { key: 'winery', label: 'Winery', weight: 2, tags: ['wineries', 'attractions'], extraTags: ['restaurants'], chains: ['harvest-hosts'], nouns: ['Winery', 'Vineyards', 'Cellars'], hours: 'day', rv: 0 },
  { key: 'brewery', label: 'Brewery', weight: 2, tags: ['breweries'], extraTags: ['restaurants', 'entertainment'], chains: ['harvest-hosts'], nouns: ['Brewing Co.', 'Brewery', 'Taproom'], hours: 'evening', rv: 0 },
  { key: 'historic-site', label: 'Historic site', weight: 4, tags: ['historic-sites', 'attractions'], extraTags: ['museums', 'points-of-interest'], chains: [], nouns: ['Historic District', 'Old Fort', 'Mission', 'Lighthouse'], hours: 'day', rv: 0 },
  { key: 'visitor-center', label: 'Visitor center', weight: 2, tags: ['visitor-centers', 'points-of-interest'], extraTags: ['rest-areas'], chains: [], nouns: ['Visitor Center', 'Welcome Center'], hours: 'day', rv: 0 },
  { key: 'golf', label: 'Golf course', weight: 1.5, tags: ['golf'], extraTags: ['restaurants'], chains: [], nouns: ['Golf Club', 'Links', 'Country Club'], hours: 'day', rv: 0 },
  { key: 'marina', label: 'Marina', weight: 1.5, tags: ['fishing'], extraTags: ['beaches', 'attractions'], chains: [], nouns: ['Marina', 'Boat Launch', 'Fishing Pier'], hours: 'day', rv: 0 },
  { key: 'entertainment', label: 'Entertainment', weight: 3, tags: ['entertainment'], extraTags: ['attractions'], chains: [], nouns: ['Theater', 'Music Hall', 'Fairgrounds', 'Drive-In'], hours: 'evening', rv: 0 },
  { key: 'rv-dealer', label: 'RV dealer', weight: 1.6, tags: ['rv-dealers', 'rv-service'], extraTags: ['propane', 'dump-stations'], chains: ['camping-world'], nouns: ['RV Sales', 'RV Center', 'Motorhomes'], hours: 'retail', rv: 1 },
  { key: 'rv-service', label: 'RV service', weight: 1.9, tags: ['rv-service'], extraTags: ['propane', 'dump-stations'], chains: ['camping-world'], nouns: ['RV Repair', 'RV Service Center', 'Coach Works'], hours: 'retail', rv: 1 },
];

export const ADJECTIVES = [
  'Blue Heron', 'Red Rock', 'Silver Creek', 'Golden Valley', 'Whispering Pines', 'Eagle Ridge', 'Copper Canyon',
  'Maple Grove', 'Cedar Hollow', 'Lone Star', 'Bear Creek', 'Sunset', 'Riverside', 'Lakeview', 'Prairie Wind',
  'Juniper', 'Aspen', 'Driftwood', 'Harbor Light', 'Old Mill', 'Thunder Bay', 'Wildflower', 'Granite Peak',
  'Moonlight', 'Willow Bend', 'Coyote', 'Mesa Verde', 'Crystal Springs', 'Timberline', 'Saguaro',
];

export const TOPICS = [
  'railroad history', 'gold rush', 'pioneer life', 'jazz', 'folk music', 'maritime history', 'aviation', 'dinosaur fossils',
  'native heritage', 'architecture', 'wildlife', 'geology', 'civil war', 'cowboy culture', 'space exploration',
  'textile mills', 'whaling', 'mining', 'modern art', 'blues music', 'lighthouses', 'route 66',
];

export const STREETS = ['Main St', 'Oak Ave', 'River Rd', 'Lake Dr', 'Highway 12', 'Canyon Rd', 'Mill St', 'Pine Ln', 'Ridge Rd', 'Old Town Rd', 'Harbor Way', 'Mesa Blvd'];

export const HANDLES = ['roadtrip_rita', 'van_life_vic', 'kampkid', 'wanderwes', 'milemarker_mo', 'dusty_boots', 'airstream_al', 'trailhead_tia', 'nomad_ned', 'sunset_sam', 'jo_outdoors', 'bigrig_bob'];

export const CLOSURE_REASONS = ['Renovation', 'Seasonal maintenance', 'Flood damage repairs', 'Private event', 'Road construction', 'Staff training', 'Wildfire risk'];

export const MAP_MARKERS = ['fuel', 'food', 'viewpoint', 'campsite', 'trailhead', 'parking', 'restroom', 'dump-station', 'ev-charger', 'photo-spot'];

export const REVIEW_LINES = [
  'Great stop on our way through.', 'Staff were friendly and helpful.', 'Plenty of room to park the rig.',
  'A bit crowded on the weekend.', 'Would come back in the fall.', 'Clean restrooms and easy access.',
  'The view at sunset is worth the detour.', 'Prices are fair for the area.', 'Our dog loved it here.',
];
