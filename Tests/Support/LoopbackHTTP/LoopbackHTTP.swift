// Placeholder: the loopback HTTP server lands with the transport tests.
