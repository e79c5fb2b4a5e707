// What main says when the shop's database was restored to an earlier point and this computer sent
// again, from its own log, the entries the shop had lost. `{reason}` is PostgreSQL's own words.
export const mainRestore = {
  'mainRestore.resent':
    'The shop database was restored to an earlier point: {count, plural, one {# entry} other {# entries}} this computer had sent {count, plural, one {was} other {were}} missing from it and {count, plural, one {was} other {were}} sent again.',
  'mainRestore.refused':
    "The shop database was restored to an earlier point: {count, plural, one {# entry} other {# entries}} this computer had sent could not be sent again ({reason}); {count, plural, one {it stays} other {they stay}} in this computer's log.",
  // `{shop}` is the identity of the shop this computer's entries went to, `{found}` the database's.
  'mainRestore.noIdentity':
    "The shop database has no identity (its table shop_identity is empty): the shop's administrator restores that table from a dump of the shop.",
  'mainRestore.otherShop':
    "This database ({database}) is another shop's: its identity is {found}, and this computer's entries belong to the shop {shop}. Nothing of this computer's was sent to it. Point this profile back to its shop's database (a restore of that shop keeps its identity), or make a new profile for this shop.",
};
