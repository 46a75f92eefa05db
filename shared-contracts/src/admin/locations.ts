/**
 * The largest location file the back office imports (issue 14 item 9): the whole network is
 * ~1.6 MB of JSON today; room to grow, still one request. The API refuses a larger body and the
 * import screen states the limit and refuses a larger file before sending it.
 */
export const MAX_LOCATION_FILE_BYTES = 20 * 1024 * 1024;
