"""Draws floor-plan.png, a venue's level 2 (rooms, a corridor and a stair), with no library but zlib."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
from pngwrite import write_png  # noqa: E402

WIDTH, HEIGHT = 280, 240
WALL, FLOOR, ROOM, CORRIDOR, STAIR = (60, 64, 67, 255), (248, 249, 250, 255), (232, 240, 254, 255), (255, 255, 255, 255), (252, 232, 178, 255)
ROOMS = [(8, 8, 96, 104), (100, 8, 180, 104), (176, 8, 272, 104), (8, 136, 120, 232), (200, 136, 272, 232)]
STAIRS = (124, 150, 196, 218)


def inside(box, x, y, margin=0):
    left, top, right, bottom = box
    return left + margin <= x < right - margin and top + margin <= y < bottom - margin


def pixel(x, y):
    if x < 4 or y < 4 or x >= WIDTH - 4 or y >= HEIGHT - 4:
        return WALL
    for box in ROOMS:
        if inside(box, x, y):
            door = box[1] < 120 and box[3] - 4 <= y and abs(x - (box[0] + box[2]) // 2) < 10
            door = door or (box[1] > 120 and y < box[1] + 4 and abs(x - (box[0] + box[2]) // 2) < 10)
            if not inside(box, x, y, 3) and not door:
                return WALL
            return ROOM
    if inside(STAIRS, x, y):
        return WALL if (y - STAIRS[1]) % 10 < 2 else STAIR
    return CORRIDOR if 104 <= y < 136 else FLOOR


write_png(os.path.join(os.path.dirname(__file__), "floor-plan.png"), WIDTH, HEIGHT, pixel)
