#!/usr/bin/env python3
"""Writes cafe@2x.jpg, the place card's drawn photo (../../place-card/photos/cafe@2x.png) as a progressive
JPEG, as a store's photo often comes: Pillow (Debian's python3-pil) encodes it."""
import os

from PIL import Image

here = os.path.dirname(os.path.abspath(__file__))
source = os.path.join(here, "..", "..", "place-card", "photos", "cafe@2x.png")
Image.open(source).convert("RGB").save(os.path.join(here, "cafe@2x.jpg"), quality=85, progressive=True, optimize=True)
