#include "CBenchSupport.h"
