// zlib for HealthExport's streaming inflate and CRC-32 (Debian: zlib1g-dev).
#include <zlib.h>
