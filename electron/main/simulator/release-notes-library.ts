// Release notes the simulated vehicles' software versions carry, in English, German and French.
// Images are generated SVGs served by the simulator itself (see assets.ts).

export const RELEASE_NOTE_LANGUAGES = ['en', 'de', 'fr'] as const;
export type ReleaseNoteLanguage = (typeof RELEASE_NOTE_LANGUAGES)[number];

interface Text {
  title: string;
  subtitle: string | null;
  description: string;
}

export interface Feature {
  slug: string;
  /** False for notes without a picture (image_url and light_image_url are null). */
  image: boolean;
  text: Record<ReleaseNoteLanguage, Text>;
}

const f = (slug: string, image: boolean, en: Text, de: Text, fr: Text): Feature => ({
  slug,
  image,
  text: { en, de, fr },
});

// prettier-ignore
const FEATURES: readonly Feature[] = [
  f(
    'dashcam-viewer', true,
    { title: 'Dashcam Viewer', subtitle: 'Review clips on the touchscreen', description: 'Browse, play and delete Dashcam and Sentry Mode clips directly on the touchscreen. Tap the Dashcam icon in the app launcher, then choose a clip by date and camera.' },
    { title: 'Dashcam-Viewer', subtitle: 'Clips auf dem Touchscreen ansehen', description: 'Dashcam- und Wächter-Modus-Clips lassen sich jetzt direkt auf dem Touchscreen durchsuchen, abspielen und löschen. Tippen Sie im App-Starter auf das Dashcam-Symbol und wählen Sie einen Clip nach Datum und Kamera.' },
    { title: 'Lecteur Dashcam', subtitle: "Visionnez les clips sur l'écran tactile", description: "Parcourez, lisez et supprimez les clips Dashcam et Mode Sentinelle directement sur l'écran tactile. Touchez l'icône Dashcam dans le lanceur d'applications, puis choisissez un clip par date et par caméra." },
  ),
  f(
    'charging-stats', true,
    { title: 'Charging Statistics', subtitle: null, description: 'See how much energy you added at home, at Superchargers and elsewhere over the last month, with an estimate of the cost of each session.' },
    { title: 'Ladestatistik', subtitle: null, description: 'Sehen Sie, wie viel Energie Sie im letzten Monat zu Hause, an Superchargern und anderswo geladen haben, mit einer Kostenschätzung für jeden Ladevorgang.' },
    { title: 'Statistiques de recharge', subtitle: null, description: "Consultez l'énergie ajoutée à domicile, aux Superchargeurs et ailleurs au cours du dernier mois, avec une estimation du coût de chaque session." },
  ),
  f(
    'cabin-overheat', true,
    { title: 'Cabin Overheat Protection', subtitle: 'Now with a fan-only option', description: 'Cabin Overheat Protection can now run the fan only, without air conditioning, to keep the interior below 40 °C while using less energy. Go to Controls > Safety.' },
    { title: 'Überhitzungsschutz für den Innenraum', subtitle: 'Jetzt auch nur mit Lüfter', description: 'Der Überhitzungsschutz kann jetzt nur den Lüfter ohne Klimaanlage betreiben, um den Innenraum unter 40 °C zu halten und dabei weniger Energie zu verbrauchen. Gehen Sie zu Fahrzeug > Sicherheit.' },
    { title: "Protection contre la surchauffe de l'habitacle", subtitle: 'Désormais avec ventilation seule', description: "La protection contre la surchauffe peut désormais utiliser uniquement le ventilateur, sans climatisation, pour maintenir l'habitacle sous 40 °C en consommant moins d'énergie. Allez dans Commandes > Sécurité." },
  ),
  f(
    'tire-pressure', false,
    { title: 'Tire Pressure Warnings', subtitle: null, description: 'Low tire pressure warnings now show which tire is affected and the recommended cold pressure for your wheels.' },
    { title: 'Reifendruckwarnungen', subtitle: null, description: 'Warnungen bei niedrigem Reifendruck zeigen jetzt an, welcher Reifen betroffen ist, und nennen den empfohlenen Kaltdruck für Ihre Räder.' },
    { title: 'Alertes de pression des pneus', subtitle: null, description: 'Les alertes de pression basse indiquent désormais le pneu concerné et la pression à froid recommandée pour vos roues.' },
  ),
  f(
    'light-show', true,
    { title: 'Holiday Light Show', subtitle: 'Schedule a show with nearby cars', description: 'Park facing a wall, open the Toybox and schedule a light show. Several vehicles can start the same show at the same time to play in sync.' },
    { title: 'Festliche Lichtshow', subtitle: 'Mit Fahrzeugen in der Nähe planen', description: 'Parken Sie vor einer Wand, öffnen Sie die Spielkiste und planen Sie eine Lichtshow. Mehrere Fahrzeuge können dieselbe Show gleichzeitig starten und synchron abspielen.' },
    { title: 'Spectacle de lumières des fêtes', subtitle: 'Programmez un spectacle avec les voitures voisines', description: "Garez-vous face à un mur, ouvrez la Boîte à jouets et programmez un spectacle de lumières. Plusieurs véhicules peuvent lancer le même spectacle au même moment pour le jouer en synchronisation." },
  ),
  f(
    'blind-spot-camera', true,
    { title: 'Blind Spot Camera', subtitle: null, description: 'When you use the turn signal, the repeater camera view for that side appears on the touchscreen. Adjust this in Controls > Display.' },
    { title: 'Totwinkelkamera', subtitle: null, description: 'Wenn Sie den Blinker setzen, erscheint das Bild der seitlichen Kamera dieser Seite auf dem Touchscreen. Einstellbar unter Fahrzeug > Display.' },
    { title: "Caméra d'angle mort", subtitle: null, description: "Lorsque vous activez le clignotant, la vue de la caméra latérale de ce côté s'affiche sur l'écran tactile. Réglable dans Commandes > Affichage." },
  ),
  f(
    'trip-planner', true,
    { title: 'Trip Planner', subtitle: 'Arrival charge you choose', description: 'Set the battery level you want when you arrive, and the trip planner adjusts charging stops and times to match. Tap the battery icon on the trip summary.' },
    { title: 'Routenplaner', subtitle: 'Ankunfts-Ladestand nach Wahl', description: 'Legen Sie den gewünschten Ladestand bei Ankunft fest, und der Routenplaner passt Ladestopps und Ladezeiten daran an. Tippen Sie in der Routenübersicht auf das Batteriesymbol.' },
    { title: "Planificateur d'itinéraire", subtitle: "Charge à l'arrivée au choix", description: "Indiquez le niveau de batterie souhaité à l'arrivée et le planificateur ajuste les arrêts et les durées de recharge en conséquence. Touchez l'icône de batterie dans le résumé du trajet." },
  ),
  f(
    'valet-pin', false,
    { title: 'Valet Mode PIN', subtitle: 'Reset from the mobile app', description: 'If you forget the four-digit Valet Mode PIN, you can now reset it from the mobile app after signing in.' },
    { title: 'PIN für den Valet-Modus', subtitle: 'In der Smartphone-App zurücksetzen', description: 'Wenn Sie die vierstellige PIN des Valet-Modus vergessen haben, können Sie sie jetzt nach der Anmeldung in der Smartphone-App zurücksetzen.' },
    { title: 'Code PIN du mode voiturier', subtitle: "Réinitialisation depuis l'application mobile", description: "Si vous oubliez le code à quatre chiffres du mode voiturier, vous pouvez désormais le réinitialiser depuis l'application mobile après vous être connecté." },
  ),
  f(
    'adaptive-headlights', true,
    { title: 'Adaptive Headlights', subtitle: 'High beams that avoid other drivers', description: 'Matrix headlights now dim individual pixels to avoid dazzling oncoming traffic while keeping the rest of the road lit. Requires Auto High Beam.' },
    { title: 'Adaptive Scheinwerfer', subtitle: 'Fernlicht, das andere nicht blendet', description: 'Matrix-Scheinwerfer dimmen jetzt einzelne Pixel, um den Gegenverkehr nicht zu blenden, und leuchten den Rest der Straße weiter aus. Erfordert Fernlichtassistent.' },
    { title: 'Phares adaptatifs', subtitle: "Des feux de route qui n'éblouissent pas", description: "Les phares matriciels atténuent désormais certains pixels pour ne pas éblouir les véhicules venant en sens inverse tout en éclairant le reste de la route. Nécessite les feux de route automatiques." },
  ),
  f(
    'charge-port-heater', false,
    { title: 'Charge Port Heater', subtitle: null, description: 'In freezing weather the charge port latch is heated automatically when you open the charge port from the app or the touchscreen.' },
    { title: 'Ladeanschlussheizung', subtitle: null, description: 'Bei Frost wird die Verriegelung des Ladeanschlusses automatisch beheizt, wenn Sie die Ladeklappe über die App oder den Touchscreen öffnen.' },
    { title: 'Chauffage du port de recharge', subtitle: null, description: "Par temps de gel, le verrou du port de recharge est chauffé automatiquement lorsque vous l'ouvrez depuis l'application ou l'écran tactile." },
  ),
  f(
    'scheduled-departure', true,
    { title: 'Scheduled Departure', subtitle: 'Warm cabin, full battery', description: 'Set a departure time and the vehicle finishes charging and preconditions the cabin and battery just before you leave, using off-peak rates where possible.' },
    { title: 'Geplante Abfahrt', subtitle: 'Warmer Innenraum, volle Batterie', description: 'Legen Sie eine Abfahrtszeit fest, und das Fahrzeug beendet den Ladevorgang und klimatisiert Innenraum und Batterie kurz vor der Abfahrt, nach Möglichkeit zum Niedertarif.' },
    { title: 'Départ programmé', subtitle: 'Habitacle chaud, batterie pleine', description: "Réglez une heure de départ : le véhicule termine la recharge et préconditionne l'habitacle et la batterie juste avant votre départ, aux heures creuses si possible." },
  ),
  f(
    'low-power-mode', true,
    { title: 'Low Power Mode', subtitle: 'For long periods parked', description: 'Low Power Mode reduces standby energy use while the vehicle is parked for a long time. The vehicle may take longer to respond to the app while it is on.' },
    { title: 'Energiesparmodus', subtitle: 'Für lange Standzeiten', description: 'Der Energiesparmodus senkt den Standby-Verbrauch, wenn das Fahrzeug lange geparkt ist. Währenddessen reagiert das Fahrzeug unter Umständen langsamer auf die App.' },
    { title: 'Mode basse consommation', subtitle: 'Pour les longues immobilisations', description: "Le mode basse consommation réduit la consommation en veille lorsque le véhicule reste longtemps stationné. Le véhicule peut alors répondre plus lentement à l'application." },
  ),
  f(
    'speed-limit-mode', false,
    { title: 'Speed Limit Mode', subtitle: null, description: 'Limit the maximum speed between 50 and 120 mph and receive a notification in the app when the limit is reached.' },
    { title: 'Geschwindigkeitsbegrenzung', subtitle: null, description: 'Begrenzen Sie die Höchstgeschwindigkeit auf 80 bis 193 km/h und erhalten Sie eine Benachrichtigung in der App, wenn die Grenze erreicht wird.' },
    { title: 'Mode limitation de vitesse', subtitle: null, description: "Limitez la vitesse maximale entre 80 et 193 km/h et recevez une notification dans l'application lorsque la limite est atteinte." },
  ),
  f(
    'fleet-telemetry', true,
    { title: 'Fleet Telemetry', subtitle: 'Streams data your fleet manager chose', description: 'Vehicles managed by a fleet can stream selected signals such as location, battery level and odometer to the fleet operator at configured intervals.' },
    { title: 'Flotten-Telemetrie', subtitle: 'Überträgt die von Ihrem Flottenmanager gewählten Daten', description: 'Von einer Flotte verwaltete Fahrzeuge können ausgewählte Signale wie Standort, Ladestand und Kilometerstand in festgelegten Abständen an den Flottenbetreiber übertragen.' },
    { title: 'Télémétrie de flotte', subtitle: 'Transmet les données choisies par votre gestionnaire', description: "Les véhicules gérés par une flotte peuvent transmettre des signaux choisis, comme la position, le niveau de batterie et le compteur kilométrique, au gestionnaire à intervalles configurés." },
  ),
  f(
    'window-auto-close', true,
    { title: 'Automatic Window Closing', subtitle: null, description: 'Windows now close automatically when you walk away with the phone key and rain is detected. Turn it on in Controls > Locks.' },
    { title: 'Automatisches Schließen der Fenster', subtitle: null, description: 'Die Fenster schließen sich jetzt automatisch, wenn Sie sich mit dem Smartphone-Schlüssel entfernen und Regen erkannt wird. Aktivieren unter Fahrzeug > Verriegelung.' },
    { title: 'Fermeture automatique des vitres', subtitle: null, description: "Les vitres se ferment désormais automatiquement lorsque vous vous éloignez avec la clé téléphone et qu'une pluie est détectée. À activer dans Commandes > Verrouillage." },
  ),
  f(
    'bug-fixes', false,
    { title: 'Minor Fixes', subtitle: null, description: 'This release contains minor improvements and bug fixes.' },
    { title: 'Kleinere Korrekturen', subtitle: null, description: 'Diese Version enthält kleinere Verbesserungen und Fehlerbehebungen.' },
    { title: 'Corrections mineures', subtitle: null, description: 'Cette version contient des améliorations mineures et des corrections de bugs.' },
  ),
  f(
    'supercharger-queue', true,
    { title: 'Supercharger Queue', subtitle: 'Know your place in line', description: 'At busy Superchargers with a virtual queue, the touchscreen shows your position and the estimated wait while you approach.' },
    { title: 'Supercharger-Warteschlange', subtitle: 'Ihr Platz in der Reihe', description: 'An stark ausgelasteten Superchargern mit virtueller Warteschlange zeigt der Touchscreen bei der Anfahrt Ihre Position und die geschätzte Wartezeit.' },
    { title: "File d'attente Superchargeur", subtitle: "Connaissez votre place dans la file", description: "Aux Superchargeurs très fréquentés dotés d'une file virtuelle, l'écran tactile affiche votre position et l'attente estimée pendant votre approche." },
  ),
  f(
    'sentry-improvements', true,
    { title: 'Sentry Mode Improvements', subtitle: null, description: 'Sentry Mode uses less energy and now saves the ten seconds before an event at higher resolution.' },
    { title: 'Verbesserungen im Wächter-Modus', subtitle: null, description: 'Der Wächter-Modus verbraucht weniger Energie und speichert die zehn Sekunden vor einem Ereignis jetzt in höherer Auflösung.' },
    { title: 'Améliorations du Mode Sentinelle', subtitle: null, description: "Le Mode Sentinelle consomme moins d'énergie et enregistre désormais les dix secondes précédant un événement en plus haute résolution." },
  ),
];

const BY_SLUG = new Map(FEATURES.map((x) => [x.slug, x]));

/** Versions in release order; the last is only ever staged, never deployed, in a seeded fleet. */
export const VERSIONS: readonly { version: string; features: readonly string[] }[] = [
  { version: '2025.32.6', features: ['dashcam-viewer', 'charging-stats'] },
  { version: '2025.38.4', features: ['cabin-overheat', 'tire-pressure'] },
  { version: '2025.44.2', features: ['light-show', 'blind-spot-camera'] },
  { version: '2026.2.3', features: ['trip-planner', 'valet-pin', 'bug-fixes'] },
  { version: '2026.8.6', features: ['adaptive-headlights', 'charge-port-heater'] },
  { version: '2026.14.3', features: ['scheduled-departure', 'low-power-mode', 'speed-limit-mode'] },
  { version: '2026.20.1', features: ['fleet-telemetry', 'window-auto-close', 'bug-fixes'] },
  { version: '2026.26.2.1', features: ['supercharger-queue', 'sentry-improvements'] },
];

const BY_VERSION = new Map(VERSIONS.map((v) => [v.version, v]));

export function isKnownVersion(version: string): boolean {
  return BY_VERSION.has(version);
}

/** 'de-DE' → 'de'; anything the library lacks → 'en'. */
export function resolveLanguage(requested: string | undefined): ReleaseNoteLanguage {
  const primary = (requested ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (RELEASE_NOTE_LANGUAGES as readonly string[]).includes(primary)
    ? (primary as ReleaseNoteLanguage)
    : 'en';
}

export interface WireReleaseNote {
  title: string;
  subtitle: string | null;
  description: string;
  customer_version: string;
  image_url: string | null;
  light_image_url: string | null;
}

export function assetPath(slug: string, variant: 'dark' | 'light'): string {
  return `/_assets/release-notes/${slug}-${variant}.svg`;
}

/** The notes of `version` (which must be known) in `language`, with image URLs under `assetBaseUrl`. */
export function notesFor(
  version: string,
  language: ReleaseNoteLanguage,
  assetBaseUrl: string,
): WireReleaseNote[] {
  const entry = BY_VERSION.get(version);
  if (!entry) return [];
  return entry.features.map((slug) => {
    const feature = BY_SLUG.get(slug);
    if (!feature) throw new Error(`release notes: unknown feature ${slug}`);
    const text = feature.text[language];
    return {
      title: text.title,
      subtitle: text.subtitle,
      description: text.description,
      customer_version: version,
      image_url: feature.image ? assetBaseUrl + assetPath(slug, 'dark') : null,
      light_image_url: feature.image ? assetBaseUrl + assetPath(slug, 'light') : null,
    };
  });
}

/** English title of a feature that has an image, for the generated SVG; null if there is none. */
export function imageTitle(slug: string): string | null {
  const feature = BY_SLUG.get(slug);
  return feature?.image ? feature.text.en.title : null;
}
