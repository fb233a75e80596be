/**
 * How an inclusion or exclusion for every product is written in FlagType's lists: editflagtypes.cgi's
 * name for it. Bugzilla's FlagType.create/update cannot name it; we accept it from global admins so
 * that `GET /rest/flag_type?ids=`'s lists can be sent back whole.
 */
export const ANY_PRODUCT = '__Any__';
