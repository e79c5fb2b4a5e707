// Deutsch: Einträge, die auf diesem Computer für eine andere Person (oder einen anderen
// Datenbankbenutzer des Profils) warten, und worauf sie warten.
export const waitingFor = {
  'waitingFor.signIn':
    '{count, plural, one {# Eintrag wartet} other {# Einträge warten}} darauf, dass sich {name} anmeldet',
  'waitingFor.reconnect':
    '{count, plural, one {# als {role} geschriebener Eintrag wartet} other {# als {role} geschriebene Einträge warten}}, bis sich dieses Profil wieder als {role} verbindet',
  'waitingFor.nameRole': '{name} ({role})',
};
