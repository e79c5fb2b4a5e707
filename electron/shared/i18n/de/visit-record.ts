import type { visitRecord as en } from '../en/visit-record';

export const visitRecord = {
  'visitRecord.amount': '{value} {unit}',
  'visitRecord.pack': 'Hochvoltbatterie',
  'visitRecord.packValue': '{level} %, noch {energy}, Reichweite {range}, {voltage} V, Module {temperature}',
  'visitRecord.tempRange': '{min}–{max} °C',
  'visitRecord.packHealth': 'Batteriezustand',
  'visitRecord.packHealthValue': 'nutzbare Kapazität {capacity}, Reichweite bei 100 % {range}',
  'visitRecord.place': 'Standort des Fahrzeugs',
  'visitRecord.placeValue':
    '{status, select, on {auf dem Werkstattgelände ({distance} von dessen Mitte)} off {außerhalb des Werkstattgeländes ({distance} von dessen Mitte)} unknown {Werkstattgelände: keine Position zum Messen} other {das Werkstattgelände ist nicht festgelegt}}: {where}',
  'visitRecord.coordinates': '{latitude}, {longitude}',
  'visitRecord.noPosition': 'keine Position gemeldet',
  'visitRecord.heading': 'Während des Aufenthalts',
  'visitRecord.notYet': 'Wird beim Abschließen des Auftrags festgehalten.',
  'visitRecord.notRecorded': 'nicht erfasst: der Auftrag wurde von einer früheren Version abgeschlossen',
  'visitRecord.custody': 'in der Werkstatt',
  'visitRecord.custodyValue': '{from} bis {to}',
  'visitRecord.software': 'Software',
  'visitRecord.softwareValue':
    '{updated, select, true {{before} → {after}, während des Aufenthalts geändert} other {{after}, unverändert}}',
  'visitRecord.alerts':
    '{status, select, started {ausgelöste Warnungen} active {durchgehend aktive Warnungen} other {erloschene Warnungen}}',
  'visitRecord.alertsUnknown': 'Warnungen',
  'visitRecord.alertsNotRead':
    'unbekannt: die Warnungen wurden bei der Annahme oder der Übergabe nicht gelesen',
  'visitRecord.alertItem': '{name} (ausgelöst {time})',
  'visitRecord.chargeLabel': 'Ladevorgang',
  'visitRecord.chargeValue':
    '{time}: {used} aus dem Ladegerät, {added} in die Batterie, {from} → {to} %, in {where}',
  'visitRecord.chargeCost':
    '{text}; Kosten {cost}{recorded, select, recorded {, beim Dienst erfasst} refused {, der Dienst hat die Erfassung abgelehnt} failed {, konnte beim Dienst nicht erfasst werden} unconfirmed {, nicht gesendet: die Ladevorgänge des Dienstes waren gerade nicht lesbar, ob er die Kosten schon hat, ist nicht bekannt} other {}}',
  'visitRecord.charges': 'Laden in der Werkstatt',
  'visitRecord.noCharges': 'keines',
  'visitRecord.chargesTotalValue':
    '{count, plural, one {# Ladevorgang} other {# Ladevorgänge}}, {energy} aus dem Ladegerät{priced, select, true {, Kosten {cost} bei {price} je kWh} other {, kein Preis je kWh festgelegt}}',
  'visitRecord.partVisit': 'was während des Aufenthalts geschah',
  'visitRecord.chartBattery': 'Batterie während des Aufenthalts',
  'visitRecord.chartCharging': 'Laden während des Aufenthalts',
  'visitRecord.chartPoint': '{time}: {value}',
  'visitSettings.heading': 'Aufenthalt des Fahrzeugs',
  'visitSettings.lead':
    'Wo das Werkstattgelände liegt, damit Annahme und Rückgabe sagen, ob das Fahrzeug darauf stand, und was eine kWh die Werkstatt kostet, damit das Laden während des Aufenthalts mit seinen Kosten auf dem Auftrag steht.',
  'visitSettings.latitude': 'Breitengrad des Geländes (Grad)',
  'visitSettings.longitude': 'Längengrad des Geländes (Grad)',
  'visitSettings.radius': 'Radius des Geländes (Meter)',
  'visitSettings.price': 'Preis je kWh',
  'visitSettings.recordCost':
    'Beim Abschließen eines Auftrags die Kosten jedes Ladevorgangs beim Dienst erfassen',
  'visitSettings.save': 'Aufenthaltseinstellungen speichern',
  'visitSettings.saved': 'Gespeichert: ab jetzt abgeschlossene Aufträge verwenden diese Angaben.',
  'visitSettings.lotIncomplete':
    'Geben Sie Breitengrad, Längengrad und Radius des Geländes an, oder keines davon.',
  'visitSettings.latitudeRange': 'Der Breitengrad ist eine Zahl von −90 bis 90.',
  'visitSettings.longitudeRange': 'Der Längengrad ist eine Zahl von −180 bis 180.',
  'visitSettings.radiusRange': 'Der Radius ist eine Meterzahl von {min, number} bis {max, number}.',
  'visitSettings.priceRange': 'Der Preis je kWh ist eine Zahl von 0 bis {max, number}.',
  'visitSettings.costNeedsPrice': 'Legen Sie einen Preis je kWh fest, um Kosten beim Dienst zu erfassen.',
} satisfies Record<keyof typeof en, string>;
