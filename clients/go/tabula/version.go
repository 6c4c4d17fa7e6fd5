package tabula

// Version is this client's version; its release is tagged clients/go/v<Version> in the
// repository, as Go requires of a module in a subdirectory.
const Version = "0.1.0"
