// The Capture module: libpcap capture and wire analysis (see docs/CAPTURE.md).
