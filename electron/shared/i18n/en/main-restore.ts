// What main says when the shop's database was restored to an earlier point and this computer sent
// again, from its own log, the entries the shop had lost. `{reason}` is PostgreSQL's own words.
export const mainRestore = {
  'mainRestore.resent':
    'The shop database was restored to an earlier point: {count, plural, one {# entry} other {# entries}} this computer had sent {count, plural, one {was} other {were}} missing from it and {count, plural, one {was} other {were}} sent again.',
  'mainRestore.refused':
    "The shop database was restored to an earlier point: {count, plural, one {# entry} other {# entries}} this computer had sent could not be sent again ({reason}); {count, plural, one {it stays} other {they stay}} in this computer's log.",
};
