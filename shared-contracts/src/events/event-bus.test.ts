import { createEventBus } from './event-bus';

describe('event bus', () => {
  it('delivers a payload to every subscriber of the event and to no other', () => {
    const bus = createEventBus();
    const first = jest.fn();
    const second = jest.fn();
    const other = jest.fn();
    bus.on('locale:changed', first);
    bus.on('locale:changed', second);
    bus.on('remote:failed', other);
    bus.emit('locale:changed', { locale: 'lv' });
    expect(first).toHaveBeenCalledWith({ locale: 'lv' });
    expect(second).toHaveBeenCalledWith({ locale: 'lv' });
    expect(other).not.toHaveBeenCalled();
  });

  it('stops delivering after unsubscribe, by the returned function or by off()', () => {
    const bus = createEventBus();
    const viaReturn = jest.fn();
    const viaOff = jest.fn();
    const stop = bus.on('notify', viaReturn);
    bus.on('notify', viaOff);
    stop();
    bus.off('notify', viaOff);
    bus.emit('notify', { kind: 'info', message: 'hello' });
    expect(viaReturn).not.toHaveBeenCalled();
    expect(viaOff).not.toHaveBeenCalled();
  });

  it('keeps delivering when one subscriber throws', () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const bus = createEventBus();
    const after = jest.fn();
    bus.on('remote:failed', () => {
      throw new Error('broken subscriber');
    });
    bus.on('remote:failed', after);
    bus.emit('remote:failed', { name: 'mf-map' });
    expect(after).toHaveBeenCalledWith({ name: 'mf-map' });
  });

  it('lets a subscriber unsubscribe itself while the event is delivered', () => {
    const bus = createEventBus();
    const calls: string[] = [];
    const stop = bus.on('notify', () => {
      calls.push('once');
      stop();
    });
    bus.on('notify', () => calls.push('always'));
    bus.emit('notify', { kind: 'info', message: 'a' });
    bus.emit('notify', { kind: 'info', message: 'b' });
    expect(calls).toEqual(['once', 'always', 'always']);
  });
});
