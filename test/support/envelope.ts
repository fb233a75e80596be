/** Bugzilla's error envelope, as every error of the service must look (SPEC §2). */
export const DOC = 'https://bugzilla.readthedocs.org/en/5.0/api/';

export const envelope = (code: number, message: string) => ({ error: true, code, message, documentation: DOC });
