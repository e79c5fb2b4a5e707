// Deutsch: was main über Einträge sagt, die für ihren eigenen Verfasser aufbewahrt werden.
export const mainAuthors = {
  'mainAuthors.otherRole':
    'Diese Verbindung meldet sich als {role} an, die hier wartenden Einträge wurden aber als {owner} geschrieben: sie werden nur als {owner} gesendet.',
};
