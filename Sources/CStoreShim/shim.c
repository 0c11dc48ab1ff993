#include "CStoreShim.h"

#include <errno.h>
#if defined(__linux__)
#include <sys/xattr.h>
#endif

int lt_sqlite3_keep_wal_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}

ssize_t lt_get_attribute(const char *path, const char *name, void *value, size_t size) {
#if defined(__linux__)
    return getxattr(path, name, value, size);
#else
    (void)path; (void)name; (void)value; (void)size;
    errno = ENOTSUP;
    return -1;
#endif
}

int lt_set_attribute(const char *path, const char *name, const void *value, size_t size) {
#if defined(__linux__)
    return setxattr(path, name, value, size, 0);
#else
    (void)path; (void)name; (void)value; (void)size;
    errno = ENOTSUP;
    return -1;
#endif
}
