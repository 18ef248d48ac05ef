/**
 * The corridors the demo roads follow: the main Interstates and a choice of US and state highways of the contiguous
 * United States (most of them in the West, where the demo trips go), each as the ordered list of the real towns it
 * passes, written `Town ST` as GeoNames spells the town. A stop between towns that GeoNames does not hold (a junction,
 * a hamlet) is in JUNCTIONS. Between two listed towns the road is drawn with a gentle bend, so a leg's length is near
 * the real drive's wherever the towns are close enough together to say where the road goes.
 */

export type CorridorClass = 'motorway' | 'trunk' | 'primary';

export interface Corridor {
  ref: string;
  highway: CorridorClass;
  /** `Town ST; Town ST; …` in the order the road passes them. */
  via: string;
  /** The speed limit on this road (mph) where it is not the state's for its class. */
  mph?: number;
}

const INTERSTATES: [ref: string, via: string][] = [
  ['I-5', 'San Diego CA; Oceanside CA; San Clemente CA; Irvine CA; Santa Ana CA; Anaheim CA; Los Angeles CA; Santa Clarita CA; Lebec CA; Wheeler Ridge CA; Buttonwillow CA; Lost Hills CA; Kettleman City CA; Coalinga Junction CA; Santa Nella CA; Patterson CA; Tracy CA; Stockton CA; Lodi CA; Elk Grove CA; Sacramento CA; Woodland CA; Williams CA; Willows CA; Orland CA; Corning CA; Red Bluff CA; Anderson CA; Redding CA; Mount Shasta CA; Weed CA; Yreka CA; Ashland OR; Medford OR; Grants Pass OR; Roseburg OR; Eugene OR; Albany OR; Salem OR; Portland OR; Vancouver WA; Longview WA; Centralia WA; Olympia WA; Tacoma WA; Seattle WA; Everett WA; Mount Vernon WA; Bellingham WA; Blaine WA'],
  ['I-8', 'San Diego CA; El Cajon CA; Alpine CA; El Centro CA; Holtville CA; Yuma AZ; Wellton AZ; Gila Bend AZ; Casa Grande AZ'],
  ['I-10', 'Santa Monica CA; Los Angeles CA; West Covina CA; Ontario CA; San Bernardino CA; Redlands CA; Banning CA; Palm Desert CA; Indio CA; Blythe CA; Quartzsite AZ; Buckeye AZ; Phoenix AZ; Chandler AZ; Casa Grande AZ; Tucson AZ; Benson AZ; Willcox AZ; Lordsburg NM; Deming NM; Las Cruces NM; El Paso TX; Van Horn TX; Kent TX; Fort Stockton TX; Ozona TX; Junction TX; Kerrville TX; San Antonio TX; Seguin TX; Columbus TX; Houston TX; Baytown TX; Beaumont TX; Lake Charles LA; Lafayette LA; Baton Rouge LA; Laplace LA; New Orleans LA; Slidell LA; Gulfport MS; Biloxi MS; Pascagoula MS; Mobile AL; Pensacola FL; Crestview FL; DeFuniak Springs FL; Tallahassee FL; Lake City FL; Jacksonville FL'],
  ['I-15', 'San Diego CA; Escondido CA; Temecula CA; Lake Elsinore CA; Corona CA; Fontana CA; Hesperia CA; Victorville CA; Barstow CA; Baker CA; Primm NV; Las Vegas NV; Mesquite NV; Saint George UT; Cedar City UT; Beaver UT; Cove Fort UT; Fillmore UT; Scipio UT; Nephi UT; Spanish Fork UT; Provo UT; Orem UT; Sandy UT; Salt Lake City UT; Ogden UT; Brigham City UT; Tremonton UT; Malad City ID; Pocatello ID; Blackfoot ID; Idaho Falls ID; Dubois ID; Dillon MT; Butte MT; Helena MT; Great Falls MT; Shelby MT; Sweet Grass MT'],
  ['I-17', 'Phoenix AZ; Black Canyon City AZ; Camp Verde AZ; Flagstaff AZ'],
  ['I-20', 'Kent TX; Pecos TX; Monahans TX; Odessa TX; Midland TX; Big Spring TX; Sweetwater TX; Abilene TX; Cisco TX; Weatherford TX; Fort Worth TX; Dallas TX; Terrell TX; Lindale TX; Longview TX; Marshall TX; Shreveport LA; Ruston LA; Monroe LA; Vicksburg MS; Jackson MS; Meridian MS; Tuscaloosa AL; Birmingham AL; Anniston AL; Atlanta GA; Covington GA; Augusta GA; Aiken SC; Columbia SC; Camden SC; Florence SC'],
  ['I-25', 'Las Cruces NM; Truth or Consequences NM; Socorro NM; Belen NM; Albuquerque NM; Santa Fe NM; Las Vegas NM; Raton NM; Trinidad CO; Walsenburg CO; Pueblo CO; Colorado Springs CO; Castle Rock CO; Denver CO; Thornton CO; Johnstown CO; Fort Collins CO; Cheyenne WY; Wheatland WY; Douglas WY; Casper WY; Kaycee WY; Buffalo WY'],
  ['I-27', 'Lubbock TX; Plainview TX; Amarillo TX'],
  ['I-29', 'Kansas City MO; Saint Joseph MO; Council Bluffs IA; Sioux City IA; Vermillion SD; Sioux Falls SD; Brookings SD; Watertown SD; Sisseton SD; Fargo ND; Grand Forks ND; Pembina ND'],
  ['I-30', 'Dallas TX; Greenville TX; Sulphur Springs TX; Texarkana TX; Hope AR; Little Rock AR'],
  ['I-35', 'Laredo TX; Cotulla TX; Pearsall TX; San Antonio TX; New Braunfels TX; San Marcos TX; Austin TX; Round Rock TX; Temple TX; Waco TX; Hillsboro TX; Dallas TX; Denton TX; Gainesville TX; Ardmore OK; Norman OK; Oklahoma City OK; Edmond OK; Perry OK; Wichita KS; Emporia KS; Ottawa KS; Kansas City MO; Cameron MO; Bethany MO; Des Moines IA; Ames IA; Mason City IA; Albert Lea MN; Owatonna MN; Minneapolis MN; Forest Lake MN; Hinckley MN; Duluth MN'],
  ['I-37', 'Corpus Christi TX; San Antonio TX'],
  ['I-40', 'Barstow CA; Needles CA; Kingman AZ; Seligman AZ; Williams AZ; Flagstaff AZ; Winslow AZ; Holbrook AZ; Gallup NM; Grants NM; Albuquerque NM; Santa Rosa NM; Tucumcari NM; Amarillo TX; Shamrock TX; Elk City OK; Clinton OK; Oklahoma City OK; Shawnee OK; Henryetta OK; Sallisaw OK; Fort Smith AR; Russellville AR; Conway AR; Little Rock AR; Forrest City AR; Memphis TN; Jackson TN; Nashville TN; Cookeville TN; Knoxville TN; Newport TN; Asheville NC; Hickory NC; Winston-Salem NC; Greensboro NC; Durham NC; Raleigh NC; Wilmington NC'],
  ['I-44', 'Wichita Falls TX; Lawton OK; Oklahoma City OK; Tulsa OK; Vinita OK; Joplin MO; Springfield MO; Rolla MO; St. Louis MO'],
  ['I-45', 'Galveston TX; Houston TX; Conroe TX; Huntsville TX; Madisonville TX; Corsicana TX; Dallas TX'],
  ['I-49', 'Lafayette LA; Alexandria LA; Shreveport LA'],
  ['I-55', 'Laplace LA; Hammond LA; McComb MS; Jackson MS; Grenada MS; Memphis TN; Blytheville AR; Sikeston MO; Cape Girardeau MO; St. Louis MO; Springfield IL; Bloomington IL; Joliet IL; Chicago IL'],
  ['I-57', 'Sikeston MO; Marion IL; Mount Vernon IL; Effingham IL; Champaign IL; Kankakee IL; Chicago IL'],
  ['I-59', 'Slidell LA; Hattiesburg MS; Laurel MS; Meridian MS; Tuscaloosa AL; Birmingham AL; Gadsden AL; Chattanooga TN'],
  ['I-64', 'St. Louis MO; Mount Vernon IL; Louisville KY; Frankfort KY; Lexington KY; Huntington WV; Charleston WV; Beckley WV; Lewisburg WV; Staunton VA; Charlottesville VA; Richmond VA; Williamsburg VA; Norfolk VA'],
  ['I-65', 'Mobile AL; Montgomery AL; Birmingham AL; Decatur AL; Nashville TN; Bowling Green KY; Elizabethtown KY; Louisville KY; Columbus IN; Indianapolis IN; Lafayette IN; Merrillville IN; Gary IN'],
  ['I-69', 'Indianapolis IN; Fort Wayne IN; Angola IN; Lansing MI; Flint MI'],
  ['I-70', 'Cove Fort UT; Sevier UT; Richfield UT; Salina UT; Green River UT; Crescent Junction UT; Cisco UT; Fruita CO; Grand Junction CO; Rifle CO; New Castle CO; Glenwood Springs CO; Eagle CO; Vail CO; Frisco CO; Idaho Springs CO; Golden CO; Denver CO; Aurora CO; Limon CO; Burlington CO; Goodland KS; Colby KS; Hays KS; Russell KS; Salina KS; Junction City KS; Topeka KS; Lawrence KS; Kansas City MO; Columbia MO; Saint Charles MO; St. Louis MO; Effingham IL; Terre Haute IN; Indianapolis IN; Richmond IN; Dayton OH; Columbus OH; Zanesville OH; Cambridge OH; Wheeling WV; Washington PA; Somerset PA; Breezewood PA; Hagerstown MD; Frederick MD; Baltimore MD'],
  ['I-270', 'Frederick MD; Rockville MD; Washington DC'],
  ['I-71', 'Louisville KY; Cincinnati OH; Columbus OH; Mansfield OH; Cleveland OH'],
  ['I-74', 'Davenport IA; Galesburg IL; Peoria IL; Bloomington IL; Champaign IL; Danville IL; Indianapolis IN; Cincinnati OH'],
  ['I-75', 'Naples FL; Fort Myers FL; Sarasota FL; Tampa FL; Ocala FL; Gainesville FL; Lake City FL; Valdosta GA; Tifton GA; Macon GA; Atlanta GA; Marietta GA; Dalton GA; Chattanooga TN; Knoxville TN; Corbin KY; Lexington KY; Cincinnati OH; Dayton OH; Lima OH; Findlay OH; Toledo OH; Detroit MI; Flint MI; Saginaw MI; Bay City MI; Grayling MI; Sault Ste. Marie MI'],
  ['I-76', 'Denver CO; Commerce City CO; Brighton CO; Fort Morgan CO; Sterling CO; Julesburg CO; Ogallala NE'],
  ['I-76', 'Akron OH; Youngstown OH; Pittsburgh PA; Somerset PA; Breezewood PA; Carlisle PA; Harrisburg PA; Philadelphia PA'],
  ['I-77', 'Columbia SC; Rock Hill SC; Charlotte NC; Statesville NC; Wytheville VA; Beckley WV; Charleston WV; Parkersburg WV; Marietta OH; Cambridge OH; Canton OH; Akron OH; Cleveland OH'],
  ['I-79', 'Charleston WV; Clarksburg WV; Morgantown WV; Washington PA; Pittsburgh PA; Erie PA'],
  ['I-80', 'San Francisco CA; Oakland CA; Vallejo CA; Fairfield CA; Davis CA; Sacramento CA; Roseville CA; Auburn CA; Truckee CA; Reno NV; Fernley NV; Lovelock NV; Winnemucca NV; Battle Mountain NV; Elko NV; Wells NV; West Wendover NV; Lake Point UT; Salt Lake City UT; Park City UT; Evanston WY; Green River WY; Rock Springs WY; Rawlins WY; Laramie WY; Cheyenne WY; Sidney NE; Ogallala NE; North Platte NE; Lexington NE; Kearney NE; Grand Island NE; York NE; Lincoln NE; Omaha NE; Council Bluffs IA; Des Moines IA; Iowa City IA; Davenport IA; Moline IL; Joliet IL; Gary IN; South Bend IN; Elkhart IN; Toledo OH; Elyria OH; Youngstown OH; DuBois PA; Bloomsburg PA; Stroudsburg PA; Paterson NJ; Hackensack NJ'],
  ['I-81', 'Morristown TN; Bristol VA; Wytheville VA; Christiansburg VA; Roanoke VA; Lexington VA; Staunton VA; Harrisonburg VA; Winchester VA; Hagerstown MD; Chambersburg PA; Carlisle PA; Harrisburg PA; Hazleton PA; Wilkes-Barre PA; Scranton PA; Binghamton NY; Syracuse NY; Watertown NY'],
  ['I-82', 'Ellensburg WA; Yakima WA; Kennewick WA; Hermiston OR'],
  ['I-84', 'Tremonton UT; Snowville UT; Burley ID; Jerome ID; Bliss ID; Mountain Home ID; Boise ID; Nampa ID; Caldwell ID; Ontario OR; Baker City OR; La Grande OR; Pendleton OR; Hermiston OR; The Dalles OR; Hood River OR; Portland OR'],
  ['I-85', 'Montgomery AL; Auburn AL; LaGrange GA; Atlanta GA; Anderson SC; Greenville SC; Spartanburg SC; Gastonia NC; Charlotte NC; Salisbury NC; Greensboro NC; Durham NC; Henderson NC; Petersburg VA'],
  ['I-86', 'Pocatello ID; American Falls ID; Burley ID'],
  ['I-87', 'New York City NY; Yonkers NY; Newburgh NY; Kingston NY; Albany NY; Saratoga Springs NY; Glens Falls NY; Plattsburgh NY'],
  ['I-89', 'Concord NH; Lebanon NH; Montpelier VT; Burlington VT'],
  ['I-90', 'Seattle WA; Bellevue WA; North Bend WA; Ellensburg WA; Moses Lake WA; Ritzville WA; Spokane WA; Coeur d\'Alene ID; Wallace ID; Missoula MT; Butte MT; Bozeman MT; Livingston MT; Big Timber MT; Billings MT; Hardin MT; Sheridan WY; Buffalo WY; Gillette WY; Sundance WY; Spearfish SD; Sturgis SD; Rapid City SD; Wall SD; Chamberlain SD; Mitchell SD; Sioux Falls SD; Worthington MN; Fairmont MN; Albert Lea MN; Austin MN; La Crosse WI; Tomah WI; Madison WI; Janesville WI; Rockford IL; Chicago IL; Gary IN; South Bend IN; Elkhart IN; Toledo OH; Cleveland OH; Erie PA; Buffalo NY; Rochester NY; Syracuse NY; Utica NY; Albany NY; Springfield MA; Worcester MA; Boston MA'],
  ['I-91', 'New Haven CT; Hartford CT; Springfield MA; Brattleboro VT; Saint Johnsbury VT'],
  ['I-93', 'Boston MA; Manchester NH; Concord NH; Littleton NH'],
  ['I-94', 'Billings MT; Miles City MT; Glendive MT; Dickinson ND; Bismarck ND; Jamestown ND; Valley City ND; Fargo ND; Moorhead MN; Fergus Falls MN; Alexandria MN; Saint Cloud MN; Minneapolis MN; Saint Paul MN; Eau Claire WI; Tomah WI; Madison WI; Milwaukee WI; Kenosha WI; Chicago IL; Benton Harbor MI; Kalamazoo MI; Battle Creek MI; Jackson MI; Ann Arbor MI; Detroit MI; Port Huron MI'],
  ['I-95', 'Miami FL; Fort Lauderdale FL; West Palm Beach FL; Port Saint Lucie FL; Melbourne FL; Daytona Beach FL; Saint Augustine FL; Jacksonville FL; Brunswick GA; Savannah GA; Walterboro SC; Florence SC; Lumberton NC; Fayetteville NC; Rocky Mount NC; Roanoke Rapids NC; Petersburg VA; Richmond VA; Fredericksburg VA; Alexandria VA; Washington DC; Baltimore MD; Wilmington DE; Philadelphia PA; Trenton NJ; Newark NJ; New York City NY; New Haven CT; Providence RI; Boston MA; Portsmouth NH; Portland ME; Augusta ME; Bangor ME; Houlton ME'],
  ['I-96', 'Grand Rapids MI; Lansing MI; Detroit MI'],
  ['I-4', 'Tampa FL; Lakeland FL; Orlando FL; Daytona Beach FL'],
  ['I-16', 'Macon GA; Dublin GA; Savannah GA'],
  ['I-24', 'Marion IL; Paducah KY; Clarksville TN; Nashville TN; Murfreesboro TN; Chattanooga TN'],
  ['I-26', 'Charleston SC; Columbia SC; Spartanburg SC; Asheville NC; Johnson City TN; Kingsport TN'],
  ['I-43', 'Milwaukee WI; Sheboygan WI; Manitowoc WI; Green Bay WI'],
  ['I-49', 'Joplin MO; Nevada MO; Harrisonville MO; Kansas City MO'],
];

const US_HIGHWAYS: [ref: string, via: string][] = [
  ['US 6', 'Spanish Fork UT; Price UT; Green River UT'],
  ['US 20', 'Idaho Falls ID; Rexburg ID; Ashton ID; West Yellowstone MT'],
  ['US 40', 'Park City UT; Heber City UT; Roosevelt UT; Vernal UT; Craig CO; Steamboat Springs CO; Kremmling CO; Granby CO; Idaho Springs CO'],
  ['US 50', 'Carson City NV; Fallon NV; Austin NV; Eureka NV; Ely NV; Delta UT; Scipio UT'],
  ['US 50', 'Grand Junction CO; Delta CO; Montrose CO; Gunnison CO; Salida CO; Cañon City CO; Pueblo CO'],
  ['US 89', 'Flagstaff AZ; Cameron AZ; Tuba City Junction AZ; Bitter Springs AZ; Page AZ; Big Water UT; Kanab UT; Mount Carmel Junction UT; Orderville UT; Panguitch UT; Circleville UT; Junction UT; Marysvale UT; Sevier UT'],
  ['US 89A', 'Kanab UT; Fredonia AZ; Jacob Lake AZ; Marble Canyon AZ; Bitter Springs AZ'],
  ['US 89', 'Livingston MT; Gardiner MT'],
  ['US 93', 'Wickenburg AZ; Kingman AZ; Boulder City NV; Henderson NV; Las Vegas NV'],
  ['US 93', 'Las Vegas NV; Alamo NV; Ely NV; Wells NV; Jackpot NV; Twin Falls ID; Jerome ID'],
  ['US 95', 'Las Vegas NV; Beatty NV; Tonopah NV; Hawthorne NV; Fallon NV; Fernley NV'],
  ['US 97', 'Weed CA; Klamath Falls OR; Bend OR; Redmond OR; Madras OR; The Dalles OR'],
  ['US 101', 'Los Angeles CA; Ventura CA; Santa Barbara CA; San Luis Obispo CA; Paso Robles CA; King City CA; Salinas CA; San Jose CA; San Francisco CA; Santa Rosa CA; Ukiah CA; Eureka CA; Crescent City CA; Brookings OR; Coos Bay OR; Newport OR; Tillamook OR; Astoria OR'],
  ['US 160', 'Walsenburg CO; Alamosa CO; Pagosa Springs CO; Durango CO; Cortez CO; Kayenta AZ; Tuba City AZ; Tuba City Junction AZ'],
  ['US 163', 'Bluff UT; Mexican Hat UT; Kayenta AZ'],
  ['US 191', 'Crescent Junction UT; Moab UT; Monticello UT; Blanding UT; Bluff UT'],
  ['US 191', 'Bozeman MT; Big Sky MT; West Yellowstone MT'],
  ['US 285', 'Denver CO; Fairplay CO; Salida CO; Alamosa CO; Española NM; Santa Fe NM'],
  ['US 395', 'Hesperia CA; Ridgecrest CA; Lone Pine CA; Bishop CA; Mammoth Lakes CA; Bridgeport CA; Carson City NV; Reno NV; Susanville CA; Alturas CA; Lakeview OR'],
  ['US 550', 'Montrose CO; Ridgway CO; Ouray CO; Silverton CO; Durango CO; Aztec NM; Bloomfield NM; Cuba NM; Bernalillo NM'],
  ['CA 99', 'Wheeler Ridge CA; Bakersfield CA; Tulare CA; Fresno CA; Merced CA; Modesto CA; Stockton CA; Sacramento CA'],
];

/** The roads to the parks' gates that no US highway reaches, slower than the highways. */
const GATEWAY_ROADS: [ref: string, via: string, mph: number][] = [
  ['UT 128', 'Cisco UT; Castle Valley Junction UT; Moab UT', 35],
  ['UT 9', 'Saint George UT; Hurricane UT; LaVerkin UT; Springdale UT; Mount Carmel Junction UT', 40],
  ['UT 59', 'Hurricane UT; Hildale UT; Colorado City AZ; Fredonia AZ', 55],
  ['AZ 64', 'Williams AZ; Valle AZ; Tusayan AZ; Grand Canyon Village AZ; Desert View AZ; Cameron AZ', 55],
  ['UT 24', 'Green River Junction UT; Hanksville UT; Torrey UT; Loa UT; Sigurd UT', 55],
  ['UT 12', 'Panguitch UT; Bryce Canyon City UT; Tropic UT; Escalante UT; Boulder UT; Torrey UT', 45],
  ['CA 41', 'Fresno CA; Oakhurst CA; Wawona CA; Yosemite Valley CA', 40],
  ['CA 120', 'Manteca CA; Oakdale CA; Groveland CA; Yosemite Valley CA', 45],
];

export const CORRIDORS: Corridor[] = [
  ...INTERSTATES.map(([ref, via]) => ({ ref, highway: 'motorway' as const, via })),
  ...US_HIGHWAYS.map(([ref, via]) => ({ ref, highway: 'trunk' as const, via })),
  ...GATEWAY_ROADS.map(([ref, via, mph]) => ({ ref, highway: 'primary' as const, via, mph })),
];

/** Places on the corridors that GeoNames' towns do not hold (interchanges, hamlets under 500 people): [lon, lat]. */
export const JUNCTIONS: Record<string, [number, number]> = {
  'Wheeler Ridge CA': [-118.95, 35.0],
  'Coalinga Junction CA': [-120.26, 36.2],
  'Kent TX': [-104.22, 31.06],
  'Cove Fort UT': [-112.58, 38.6],
  'Sevier UT': [-112.27, 38.58],
  'Crescent Junction UT': [-109.83, 38.94],
  'Green River Junction UT': [-110.31, 38.96],
  'Snowville UT': [-112.71, 41.97],
  'Bliss ID': [-114.95, 42.93],
  'Breezewood PA': [-78.24, 40.0],
  'Tuba City Junction AZ': [-111.39, 36.11],
  'Bitter Springs AZ': [-111.64, 36.62],
  'Big Water UT': [-111.66, 37.08],
  'Mount Carmel Junction UT': [-112.68, 37.23],
  'Marble Canyon AZ': [-111.64, 36.82],
  'Jacob Lake AZ': [-112.23, 36.71],
  'Desert View AZ': [-111.83, 36.04],
  'Valle AZ': [-112.2, 35.65],
  'Mexican Hat UT': [-109.86, 37.15],
  'Sweet Grass MT': [-111.96, 48.99],
  'Kaycee WY': [-106.64, 43.71],
  'Yosemite Valley CA': [-119.59, 37.74],
  'Santa Nella CA': [-120.98, 37.1],
  'Primm NV': [-115.39, 35.61],
  'Scipio UT': [-112.1, 39.24],
  'Seligman AZ': [-112.87, 35.33],
  'Lake Point UT': [-112.26, 40.68],
  'Austin NV': [-117.07, 39.49],
  'Marysvale UT': [-112.23, 38.45],
  'Bluff UT': [-109.55, 37.28],
  'Hanksville UT': [-110.71, 38.37],
  'Torrey UT': [-111.42, 38.3],
  'Sigurd UT': [-111.97, 38.84],
  'Bryce Canyon City UT': [-112.16, 37.67],
  'Boulder UT': [-111.42, 37.91],
  'Wawona CA': [-119.65, 37.54],
  'Cisco UT': [-109.32, 38.97],
  'Castle Valley Junction UT': [-109.41, 38.65],
};

/** The speed limit (mph) on an Interstate outside towns, by state; 70 where a state is not listed. */
export const INTERSTATE_MPH: Record<string, number> = {
  AZ: 75, CO: 75, ID: 80, MT: 80, NV: 80, NM: 75, UT: 80, WY: 80, TX: 75, OK: 75, KS: 75, NE: 75, SD: 80, ND: 75,
  CA: 70, OR: 65, WA: 70, KY: 65, NY: 65, NJ: 65, MD: 65, DE: 65, CT: 65, RI: 65, MA: 65, NH: 65, VT: 65,
};

/** The speed limit (mph) on a US highway outside towns, by state; 55 where a state is not listed. */
export const HIGHWAY_MPH: Record<string, number> = {
  AZ: 65, CO: 65, ID: 65, MT: 70, NV: 70, NM: 65, UT: 65, WY: 65, TX: 70, OR: 55, CA: 60, WA: 60, SD: 65, ND: 65, NE: 65, KS: 65,
};
