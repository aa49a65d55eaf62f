package clock

// CatalogAndSuite lets the external tests (package clock_test, which call
// through the reference) share the catalog and suite the package's own
// tests load once.
var CatalogAndSuite = catalogAndSuite
