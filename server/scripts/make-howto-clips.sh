#!/usr/bin/env bash
# Regenerates the five demo how-to clips committed in server/assets/howto (served at /media/howto/).
# Needs ffmpeg with libx264 (Debian: apt-get install -y ffmpeg). Each clip: 5 s, 640x360, H.264 + poster JPEG.
set -euo pipefail
out="$(cd "$(dirname "$0")/.." && pwd)/assets/howto"
font=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
mkdir -p "$out"
titles=("How to register" "How to deposit" "How to withdraw" "How to move money to a game" "How to claim a bonus")
colors=("0x1e6f5c" "0x1f4e79" "0x7a2e2e" "0x5b3d8a" "0x8a6d1f")
for i in 0 1 2 3 4; do
  n=$((i + 1))
  title="${titles[$i]}"
  vf="drawtext=fontfile=${font}:text='${title}':fontcolor=white:fontsize=36:x=(w-text_w)/2:y=(h-text_h)/2-30,"
  vf+="drawtext=fontfile=${font}:text='Demo clip ${n} of 5':fontcolor=white@0.8:fontsize=20:x=(w-text_w)/2:y=(h/2)+20,"
  vf+="drawbox=x=40:y=300:w=(iw-80)*t/5:h=10:color=white@0.9:t=fill"
  ffmpeg -hide_banner -loglevel error -y -f lavfi -i "color=c=${colors[$i]}:s=640x360:d=5:r=24" \
    -vf "$vf" -c:v libx264 -preset slow -crf 30 -pix_fmt yuv420p -profile:v baseline -movflags +faststart -an \
    "$out/howto-${n}.mp4"
  ffmpeg -hide_banner -loglevel error -y -ss 2.5 -i "$out/howto-${n}.mp4" -frames:v 1 -q:v 6 "$out/howto-${n}.jpg"
done
ls -la "$out"
