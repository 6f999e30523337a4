import { readItem, writeItem } from "../device-storage.js";

const KEY = "schwimmen.learned";

/** Whether this device has been through all the lessons of "Spielen lernen". */
export const hasLearned = (): boolean => readItem(KEY) === "1";

export const markLearned = (): void => writeItem(KEY, "1");
