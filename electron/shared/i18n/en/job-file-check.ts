// What checking a saved job record file says (electron/main/jobs/job-export.ts verifyFile).
export const jobFileCheck = {
  'jobFile.notVerified': 'Not verified: {why}',
  'jobFile.unreadable': 'the file could not be read ({code}).',
  'jobFile.tooLarge': 'the file is too large to be a job record.',
  'jobFile.noRecord': 'this PDF carries no job record (it was not exported by this version of the app).',
  'jobFile.notPdf': 'this PDF could not be read as one ({problem}).',
  'jobFile.laterUpdate':
    'Not verified: this PDF was changed after its record was attached (a later update adds or replaces parts of it, such as pages).',
  'jobFile.pagesChanged':
    'Not verified: the printed pages of this PDF are not the ones its record was attached to; they were changed after the export.',
  'jobFile.pagesNotChecked':
    '{verdict} The printed pages of this PDF are not checked (it was exported by an earlier version): only the record attached to it.',
};
