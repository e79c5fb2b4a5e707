// What main says about writes kept for their own writer (a shared desk's person, or the database
// user a profile connected as): they are sent only over that writer's own connection.
export const mainAuthors = {
  'mainAuthors.otherRole':
    'This connection signs in as {role}, but the entries waiting here were written as {owner}: they are sent only as {owner}.',
};
