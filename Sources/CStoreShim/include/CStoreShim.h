// What the store needs from C that Swift cannot call directly: sqlite3_db_config is variadic
// (GRDB wraps only the options it uses), and <sys/xattr.h> is not in Swift's Glibc module.
#ifndef CSTORESHIM_H
#define CSTORESHIM_H

#include <sqlite3.h>
#include <sys/types.h>

/// Makes closing `db` leave the write-ahead log as it is, instead of copying it into the database
/// file (SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE). For a store found damaged: LaundryTime then writes
/// nothing more to it, not even its own committed log. Returns SQLite's result code.
int lt_sqlite3_keep_wal_on_close(sqlite3 *db);

/// getxattr(2): the attribute's length, or -1 (errno set; also where the system has none).
ssize_t lt_get_attribute(const char *path, const char *name, void *value, size_t size);

/// setxattr(2): 0, or -1 (errno set; also where the system has none).
int lt_set_attribute(const char *path, const char *name, const void *value, size_t size);

#endif
