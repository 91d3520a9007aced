#!/usr/bin/env bash
# Makes images/icon.png (128 x 128, the extension's icon in the Marketplace and the Extensions
# view) from images/icon.svg. Needs ImageMagick with an SVG reader (Debian: apt-get install
# imagemagick librsvg2-bin). The PNG is committed; run this after editing the SVG.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if command -v rsvg-convert >/dev/null; then
  rsvg-convert --width 128 --height 128 images/icon.svg --output images/icon.png
else
  /usr/bin/convert -background none -density 300 images/icon.svg -resize 128x128 images/icon.png
fi
echo "images/icon.png: $(file -b images/icon.png 2>/dev/null || echo written)"
