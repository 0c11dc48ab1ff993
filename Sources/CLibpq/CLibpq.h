// libpq, PostgreSQL's own client library (Debian's libpq-dev), for the PostgreSQL store
// (Sources/LaundryPostgres); only a build with the PostgreSQL trait uses it.
#include <libpq-fe.h>
