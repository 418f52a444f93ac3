{
  "targets": [
    {
      "target_name": "udp_batch",
      "sources": ["udp_batch.c", "device_ports.c", "frame_checksum.c"],
      "cflags": ["-O2", "-Wall", "-Wextra", "-Wno-unused-parameter"]
    }
  ]
}
