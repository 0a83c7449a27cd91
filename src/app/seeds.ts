// Registers every module's seeders (import order is run order).
import '../modules/resource-types/resource-type.seed';
import '../modules/metadefs-io/metadefs.seed';
import '../modules/traits/trait.seed';
