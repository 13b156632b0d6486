#pragma once
// Result moved to the core layer below specs/ and harness/; this forward keeps existing includes working.
#include "core/result.h"
