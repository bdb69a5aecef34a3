"""The Textual user interface: widgets draw engine state and turn keys into engine calls."""
